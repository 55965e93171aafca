/** heic-decode ships no types: what content uses of it (libheif in WebAssembly). */
declare module 'heic-decode' {
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  }
  interface HeicImages extends Array<HeicImage> {
    dispose(): void;
  }
  const decode: {
    all(input: { buffer: Uint8Array }): Promise<HeicImages>;
  };
  export default decode;
}
