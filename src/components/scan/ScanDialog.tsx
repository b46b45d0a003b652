import Close from '@mui/icons-material/Close';
import FlashlightOff from '@mui/icons-material/FlashlightOff';
import FlashlightOn from '@mui/icons-material/FlashlightOn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../services/i18n/useT';
import { playScanFeedback } from './scanFeedback';
import { ScanResultPanel } from './ScanResultPanel';
import type { ScanResult } from './scanResult';
import { hasTorch, setTorch, useCamera } from './useCamera';
import { useCodeDetection } from './useCodeDetection';

interface ScanDialogProps {
  onClose: () => void;
  /** Once per code brought into view. */
  onCode: (code: string) => void;
  /** The parent's answer to the last code. */
  result: ScanResult | null;
}

/** The rear camera full screen, reading voucher codes until closed. */
export default function ScanDialog({ onClose, onCode, result }: ScanDialogProps) {
  const t = useT();
  const titleId = useId();
  const { video, state: cameraState, track, retry } = useCamera();
  const decoder = useCodeDetection(video, cameraState === 'on', onCode);
  const [torchOn, setTorchOn] = useState(false);

  useEffect(() => {
    if (result) playScanFeedback(result.kind);
  }, [result]);

  const toggleTorch = () => {
    if (!track) return;
    setTorch(track, !torchOn).then(
      () => setTorchOn(!torchOn),
      () => setTorchOn(false),
    );
  };

  let problem: string | null = null;
  if (cameraState === 'refused') {
    problem = t('The camera is blocked for Tourdesk. Allow it in your browser’s site settings, then try again.');
  } else if (cameraState === 'missing') {
    problem = t('No camera can be used on this device. Close this and search for the booking by name instead.');
  } else if (decoder.failed) {
    problem = t('The code reader could not start. Close this and try again when the network is back.');
  }

  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
      <Stack sx={{ height: '100%', bgcolor: 'common.black', color: 'common.white' }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, p: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, pl: 1 }}>
            {t('Scan a voucher')}
          </Typography>
          {cameraState === 'on' && hasTorch(track) && (
            <IconButton
              color="inherit"
              aria-pressed={torchOn}
              aria-label={t('Torch')}
              onClick={toggleTorch}
              sx={{ width: 48, height: 48 }}
            >
              {torchOn ? <FlashlightOff /> : <FlashlightOn />}
            </IconButton>
          )}
          <IconButton color="inherit" aria-label={t('Close')} onClick={onClose} sx={{ width: 48, height: 48 }}>
            <Close />
          </IconButton>
        </Stack>
        <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
          {problem ? (
            <Stack spacing={2} role="alert" sx={{ p: 3, alignItems: 'flex-start' }}>
              <Typography>{problem}</Typography>
              <Stack direction="row" sx={{ gap: 1 }}>
                {cameraState === 'refused' && (
                  <Button variant="outlined" color="inherit" onClick={retry}>
                    {t('Try again')}
                  </Button>
                )}
                <Button variant="contained" onClick={onClose}>
                  {t('Close')}
                </Button>
              </Stack>
            </Stack>
          ) : (
            <>
              <Box
                component="video"
                ref={video}
                muted
                playsInline
                aria-label={t('Camera view')}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {cameraState === 'starting' && (
                <Typography sx={{ position: 'absolute', top: 16, left: 16 }}>{t('Starting the camera…')}</Typography>
              )}
            </>
          )}
        </Box>
        {result && <ScanResultPanel result={result} />}
        {!result && !problem && (
          <Typography sx={{ p: 2, textAlign: 'center' }}>{t('Hold the voucher’s code inside the frame')}</Typography>
        )}
      </Stack>
    </Dialog>
  );
}
