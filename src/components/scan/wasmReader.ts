import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import { SCAN_FORMATS, type CodeReader } from './codeReader';

/** Where the build puts zxing's decoder (webpack.config.ts): our own origin, precached, never a CDN. */
export const ZXING_WASM_DIR = '/zxing/';

/** Loads the decoder before the first frame, so a decoder that cannot load (offline, refused) says so at once. */
export async function createWasmReader(): Promise<CodeReader> {
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? ZXING_WASM_DIR + path : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
