/** A start-up failure with a message meant for the person running `npm start`. */
export class LocalStackError extends Error {}
