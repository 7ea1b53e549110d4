/** Injected "now": offers, seasons and (later) deadlines depend on it, and tests pin it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
