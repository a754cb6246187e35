/** A verification code as a form takes it: six digits, spaces around them allowed (trimmed before sending). */
export const CODE_PATTERN = /^\s*\d{6}\s*$/;
