/** Lives in app/, so features must not import it. */
export const currentUser = null;
