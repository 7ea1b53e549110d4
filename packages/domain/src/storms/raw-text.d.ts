/** Vite's `?raw` import, which the domain's tests use to read the shipped HURDAT2 text without I/O code. */
declare module '*.txt?raw' {
  const text: string;
  export default text;
}
