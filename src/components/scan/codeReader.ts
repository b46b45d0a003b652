/** The formats a voucher carries: our own QR codes, and the channels' QR, Code 128, EAN-13 and Aztec codes. */
export const SCAN_FORMATS = ['qr_code', 'code_128', 'ean_13', 'aztec'] as const;

export interface CodeReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): CodeReader;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector where it reads every format, else the WebAssembly decoder, downloaded only then.
 */
export async function createCodeReader(): Promise<CodeReader> {
  const Native = (window as Window & { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats().catch((): string[] => []);
    if (SCAN_FORMATS.every((format) => supported.includes(format))) return new Native({ formats: [...SCAN_FORMATS] });
  }
  const { createWasmReader } = await import(/* webpackChunkName: "scan-decoder" */ './wasmReader');
  return createWasmReader();
}
