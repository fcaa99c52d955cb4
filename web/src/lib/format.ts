/** A file size for people: "820 KB", "2.4 MB" (German: "2,4 MB"). */
export function formatBytes(bytes: number, language: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}
