// `import('…?raw')`: a text file as a string (webpack's asset/source rule, Vite's built-in ?raw in Vitest).
declare module '*?raw' {
  const text: string;
  export default text;
}
