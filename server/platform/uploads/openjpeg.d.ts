/**
 * The few members of the OpenJPEG WebAssembly build (decoder only) that server/platform/uploads/jpeg2000.ts
 * uses; the package ships no types.
 */
declare module '@cornerstonejs/codec-openjpeg/decode' {
  interface FrameInfo {
    width: number;
    height: number;
    bitsPerSample: number;
    componentCount: number;
    isSigned: boolean;
  }
  interface J2KDecoder {
    getEncodedBuffer(length: number): Uint8Array;
    decode(): void;
    getFrameInfo(): FrameInfo;
    getDecodedBuffer(): Uint8Array;
    delete(): void;
  }
  interface OpenJpegModule {
    J2KDecoder: new () => J2KDecoder;
  }
  const factory: (options?: { print?: (s: string) => void; printErr?: (s: string) => void }) => Promise<OpenJpegModule>;
  export default factory;
}

/** The full build (encoder too): the tests make their JPEG 2000 files with it. */
declare module '@cornerstonejs/codec-openjpeg' {
  interface J2KEncoder {
    getDecodedBuffer(info: {
      width: number;
      height: number;
      bitsPerSample: number;
      componentCount: number;
      isSigned: boolean;
      isUsingColorTransform: boolean;
    }): Uint8Array;
    encode(): void;
    getEncodedBuffer(): Uint8Array;
    delete(): void;
  }
  interface OpenJpegFullModule {
    J2KEncoder: new () => J2KEncoder;
  }
  const factory: (options?: { print?: (s: string) => void; printErr?: (s: string) => void }) => Promise<OpenJpegFullModule>;
  export default factory;
}
