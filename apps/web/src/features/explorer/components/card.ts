/** The explorer's panels: Bootstrap utilities, so the theme's border and radius apply. */
export const CARD = 'bg-body border rounded-3 p-3 p-md-4';
