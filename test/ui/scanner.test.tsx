import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { theme } from '../../src/app/theme';
import ScanDialog from '../../src/components/scan/ScanDialog';
import { ScanField } from '../../src/components/scan/ScanField';
import type { ScanResult } from '../../src/components/scan/scanResult';
import { renderWithProviders } from './renderWithProviders';
import { camera, fakeCamera } from './scanFakes';

// The WebAssembly decoder, fetched only where the browser has no reader for every format: here, one that cannot load.
const createWasmReader = jest.fn(() => Promise.reject(new Error('Failed to fetch /zxing/zxing_reader.wasm')));
jest.mock('../../src/components/scan/wasmReader', () => ({ createWasmReader: () => createWasmReader() }));

const found: ScanResult = { kind: 'found', title: 'Ana Pérez · 4 guests', detail: '10:30 Old Town Walk' };

/** The dialog as a page holds it: each code read is looked up, and the answer passed back. */
function Scanner({
  answer,
  onCode,
  onClose = () => {},
}: {
  answer: ScanResult;
  onCode: (code: string) => void;
  onClose?: () => void;
}) {
  const [result, setResult] = useState<ScanResult | null>(null);
  return (
    <ScanDialog
      onClose={onClose}
      result={result}
      onCode={(code) => {
        onCode(code);
        setResult(answer);
      }}
    />
  );
}

describe('the scanner', () => {
  it('opens the rear camera and reads a code held in view once, then shows the answer in its colour', async () => {
    fakeCamera();
    const onCode = jest.fn();
    renderWithProviders(<Scanner answer={found} onCode={onCode} />);

    expect(await screen.findByRole('dialog', { name: 'Scan a voucher' })).toBeInTheDocument();
    await waitFor(() => expect(camera.detect).toHaveBeenCalled());
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(onCode).not.toHaveBeenCalled();

    camera.inView = ['https://tourdesk.example/b/K7XQ9M2P'];
    const result = await screen.findByRole('status', { name: 'Ana Pérez · 4 guests' });
    expect(within(result).getByText('10:30 Old Town Walk')).toBeInTheDocument();
    expect(result).toHaveStyle({ backgroundColor: theme.palette.success.main });
    expect(camera.vibrate).toHaveBeenCalledTimes(1);

    // Held in view over several reads: still one scan.
    const reads = camera.detect.mock.calls.length;
    await waitFor(() => expect(camera.detect.mock.calls.length).toBeGreaterThan(reads + 3));
    expect(onCode).toHaveBeenCalledTimes(1);
    expect(onCode).toHaveBeenCalledWith('https://tourdesk.example/b/K7XQ9M2P');

    camera.inView = ['4006381333931'];
    await waitFor(() => expect(onCode).toHaveBeenCalledTimes(2));
    expect(onCode).toHaveBeenLastCalledWith('4006381333931');
  });

  it('shows a code that finds nothing in the not-found colour', async () => {
    fakeCamera();
    const notFound: ScanResult = { kind: 'notFound', title: 'No booking has this code' };
    renderWithProviders(<Scanner answer={notFound} onCode={() => {}} />);
    camera.inView = ['ZZZZ'];
    const result = await screen.findByRole('status', { name: 'No booking has this code' });
    expect(result).toHaveStyle({ backgroundColor: theme.palette.error.main });
  });

  it('says the camera is blocked, and Close leaves, when the camera is refused', async () => {
    fakeCamera({ refuse: true });
    const onClose = jest.fn();
    const { user } = renderWithProviders(<Scanner answer={found} onCode={() => {}} onClose={onClose} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The camera is blocked for Tourdesk. Allow it in your browser’s site settings, then try again.',
    );
    expect(screen.queryByLabelText('Camera view')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says so when the device has no camera', async () => {
    fakeCamera();
    camera.getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'));
    renderWithProviders(<Scanner answer={found} onCode={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No camera can be used on this device.');
  });

  it('turns to the decoder where the browser cannot read every format, and says when that cannot start', async () => {
    fakeCamera({ formats: ['qr_code', 'ean_13'] });
    const onClose = jest.fn();
    const { user } = renderWithProviders(<Scanner answer={found} onCode={() => {}} onClose={onClose} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The code reader could not start.');
    expect(createWasmReader).toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('offers the torch only when the camera has one, and switches it', async () => {
    fakeCamera({ torch: true });
    const { user, unmount } = renderWithProviders(<Scanner answer={found} onCode={() => {}} />);
    const torch = await screen.findByRole('button', { name: 'Torch' });
    expect(torch).toHaveAttribute('aria-pressed', 'false');
    await user.click(torch);
    expect(camera.track.applyConstraints).toHaveBeenCalledWith({ advanced: [{ torch: true }] });
    await waitFor(() => expect(torch).toHaveAttribute('aria-pressed', 'true'));
    unmount();
    expect(camera.track.stop).toHaveBeenCalled();

    fakeCamera({ torch: false });
    renderWithProviders(<Scanner answer={found} onCode={() => {}} />);
    await waitFor(() => expect(camera.detect).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Torch' })).not.toBeInTheDocument();
  });
});

describe('the scan field', () => {
  it('passes what a wedge scanner types, on its Enter, and clears for the next code', async () => {
    const onCode = jest.fn();
    const { user, rerender } = renderWithProviders(<ScanField onCode={onCode} result={null} />);
    const field = screen.getByRole('textbox', { name: 'Scan or type a code' });

    await user.type(field, 'GYG-55120934{Enter}');
    expect(onCode).toHaveBeenCalledWith('GYG-55120934');
    expect(field).toHaveValue('');

    await user.type(field, '   {Enter}');
    expect(onCode).toHaveBeenCalledTimes(1);

    rerender(<ScanField onCode={onCode} result={{ kind: 'notFound', title: 'No booking has this code' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('No booking has this code');
    expect(screen.getByRole('textbox', { name: 'Scan or type a code' })).toHaveAccessibleDescription(
      'No booking has this code',
    );
  });
});
