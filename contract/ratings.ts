// Plain constants, without zod: the home page's star ratings read them in its first download.
export const MIN_RATING = 1;
export const MAX_RATING = 5;
