/** What a chosen password must be: long enough to resist guessing, short enough to hash quickly (scrypt). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
