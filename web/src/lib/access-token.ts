/** The API's bearer token, kept in localStorage under the spec's name. */
const TOKEN_KEY = 'accessToken';
const EXPIRES_KEY = 'accessTokenExpiresAt';

export const accessToken = {
  get: () => localStorage.getItem(TOKEN_KEY),
  expiresAt: () => Number(new Date(localStorage.getItem(EXPIRES_KEY) ?? 0)),
  set(token: string, expiresAt: string) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(EXPIRES_KEY, expiresAt);
  },
  remove() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(EXPIRES_KEY);
  },
};
