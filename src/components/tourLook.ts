import type { Tour, TourColor, TourFlag } from '../domain/company';

/**
 * Each tour colour as a hex with at least 3:1 contrast on white (WCAG 1.4.11): the bar is how guides tell tours
 * apart at a glance, so a pale yellow or grey would fail them in sunlight.
 */
export const TOUR_COLOR_HEX: Record<TourColor, string> = {
  default: '#607d8b',
  blue: '#1565c0',
  pink: '#c2185b',
  green: '#2e7d32',
  brown: '#6d4c41',
  black: '#212121',
  yellow: '#b58500',
};

export interface TourLook {
  color: string;
  flag: TourFlag;
}

/** The colour and flag a Manager chose for a tour; a tour missing from the company's list gets the defaults. */
export function tourLook(tours: readonly Tour[], label: string): TourLook {
  const tour = tours.find((t) => t.label === label);
  return { color: TOUR_COLOR_HEX[tour?.color ?? 'default'], flag: tour?.flag ?? 'none' };
}
