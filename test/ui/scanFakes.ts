/**
 * A camera and a barcode reader for jsdom, which has neither: `getUserMedia` answers a stream whose one track may
 * have a torch, `BarcodeDetector` reads whatever `camera.inView` holds, and the <video> reports a frame ready.
 */
export const camera = {
  inView: [] as string[],
  detect: jest.fn(),
  track: {
    stop: jest.fn(),
    getCapabilities: jest.fn((): { torch?: boolean } => ({})),
    applyConstraints: jest.fn(() => Promise.resolve()),
  },
  getUserMedia: jest.fn(),
  vibrate: jest.fn(),
};

const ALL_FORMATS = ['qr_code', 'code_128', 'ean_13', 'aztec', 'upc_a'];

class FakeBarcodeDetector {
  static formats = ALL_FORMATS;
  static getSupportedFormats = () => Promise.resolve(FakeBarcodeDetector.formats);
  detect(source: unknown) {
    camera.detect(source);
    return Promise.resolve(camera.inView.map((rawValue) => ({ rawValue })));
  }
}

/** `formats`: what the browser's own reader reads (fewer than a voucher needs sends the scanner to its decoder). */
export function fakeCamera({ torch = false, refuse = false, formats = ALL_FORMATS } = {}) {
  FakeBarcodeDetector.formats = formats;
  camera.inView = [];
  camera.detect.mockReset();
  camera.track.stop.mockReset();
  camera.track.applyConstraints.mockClear();
  camera.track.getCapabilities.mockReturnValue(torch ? { torch: true } : {});
  camera.vibrate.mockReset();
  const stream = { getTracks: () => [camera.track], getVideoTracks: () => [camera.track] };
  camera.getUserMedia.mockReset();
  if (refuse) camera.getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
  else camera.getUserMedia.mockResolvedValue(stream);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: camera.getUserMedia },
  });
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: camera.vibrate });
  Object.defineProperty(window, 'BarcodeDetector', { configurable: true, value: FakeBarcodeDetector });
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
}
