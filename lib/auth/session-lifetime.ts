/** How long a browser session lasts: the Auth.js session and the tokens that live as long as it. */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;
