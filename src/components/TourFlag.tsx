import type { ReactElement } from 'react';
import type { TourFlag as TourFlagName } from '../domain/company';
import { msg } from '../domain/messageFormat';
import { useT } from '../services/i18n/useT';

/** The flag stands for the language the tour is given in, so that is what a screen reader says. */
export const FLAG_LANGUAGE: Record<Exclude<TourFlagName, 'none'>, string> = {
  spain: msg('Spanish'),
  uk: msg('English'),
  italy: msg('Italian'),
  france: msg('French'),
  portugal: msg('Portuguese'),
};

const stripes = (colors: [string, string, string]) =>
  colors.map((fill, i) => <rect key={fill} x={i * 10} width="10" height="20" fill={fill} />);

// Drawn rather than emoji: Windows shows regional-indicator emoji as two letters.
const ARTWORK: Record<Exclude<TourFlagName, 'none'>, ReactElement> = {
  spain: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  uk: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0,0 L30,20 M30,0 L0,20" stroke="#fff" strokeWidth="4" />
      <path d="M0,0 L30,20 M30,0 L0,20" stroke="#c8102e" strokeWidth="1.5" />
      <path d="M15,0 V20 M0,10 H30" stroke="#fff" strokeWidth="6" />
      <path d="M15,0 V20 M0,10 H30" stroke="#c8102e" strokeWidth="3.5" />
    </>
  ),
  italy: <>{stripes(['#009246', '#ffffff', '#ce2b37'])}</>,
  france: <>{stripes(['#0055a4', '#ffffff', '#ef4135'])}</>,
  portugal: (
    <>
      <rect width="12" height="20" fill="#006600" />
      <rect x="12" width="18" height="20" fill="#ff0000" />
      <circle cx="12" cy="10" r="4" fill="#ffcc00" />
    </>
  ),
};

interface TourFlagProps {
  flag: TourFlagName;
  /** Height in px; the flag is 3:2. */
  size?: number;
}

export function TourFlag({ flag, size = 16 }: TourFlagProps) {
  const t = useT();
  if (flag === 'none') return null;
  return (
    <svg
      role="img"
      aria-label={t(FLAG_LANGUAGE[flag])}
      viewBox="0 0 30 20"
      width={size * 1.5}
      height={size}
      style={{ flexShrink: 0, verticalAlign: 'middle', borderRadius: 2, outline: '1px solid rgba(0, 0, 0, 0.2)' }}
    >
      {ARTWORK[flag]}
    </svg>
  );
}
