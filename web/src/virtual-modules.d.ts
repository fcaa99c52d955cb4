/** The most common passwords, one a line (web/vite.config.ts builds it). */
declare module 'virtual:common-passwords' {
  const passwords: string;
  export default passwords;
}
