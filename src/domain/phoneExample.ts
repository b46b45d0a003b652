/**
 * A mobile number as people write it in each country, with the zones whose companies are there. The company's time
 * zone says its country well enough for an example (a setting of its own would say no more for a hint).
 */
const COUNTRIES: ReadonlyArray<{ example: string; zones: readonly string[] }> = [
  { example: '+34 612 345 678', zones: ['Europe/Madrid', 'Atlantic/Canary', 'Africa/Ceuta'] },
  { example: '+44 7400 123456', zones: ['Europe/London', 'Europe/Belfast', 'Europe/Guernsey', 'Europe/Jersey'] },
  { example: '+353 85 012 3456', zones: ['Europe/Dublin'] },
  { example: '+33 6 12 34 56 78', zones: ['Europe/Paris'] },
  { example: '+39 312 345 6789', zones: ['Europe/Rome'] },
  { example: '+351 912 345 678', zones: ['Europe/Lisbon', 'Atlantic/Madeira', 'Atlantic/Azores'] },
  { example: '+49 1512 3456789', zones: ['Europe/Berlin', 'Europe/Busingen'] },
  { example: '+31 6 12345678', zones: ['Europe/Amsterdam'] },
  { example: '+32 470 12 34 56', zones: ['Europe/Brussels'] },
  { example: '+43 664 123456', zones: ['Europe/Vienna'] },
  { example: '+41 78 123 45 67', zones: ['Europe/Zurich'] },
  { example: '+30 691 234 5678', zones: ['Europe/Athens'] },
  { example: '+385 92 123 4567', zones: ['Europe/Zagreb'] },
  { example: '+420 601 123 456', zones: ['Europe/Prague'] },
  { example: '+48 512 345 678', zones: ['Europe/Warsaw'] },
  { example: '+36 20 123 4567', zones: ['Europe/Budapest'] },
  { example: '+45 32 12 34 56', zones: ['Europe/Copenhagen'] },
  { example: '+46 70 123 45 67', zones: ['Europe/Stockholm'] },
  { example: '+47 406 12 345', zones: ['Europe/Oslo'] },
  { example: '+358 41 2345678', zones: ['Europe/Helsinki'] },
  { example: '+354 611 1234', zones: ['Atlantic/Reykjavik'] },
  { example: '+90 501 234 56 78', zones: ['Europe/Istanbul'] },
  { example: '+212 650 123456', zones: ['Africa/Casablanca'] },
  { example: '+27 71 123 4567', zones: ['Africa/Johannesburg'] },
  {
    example: '+1 201 555 0123',
    zones: [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
      'America/Toronto',
      'America/Vancouver',
      'America/Edmonton',
      'America/Winnipeg',
      'America/Halifax',
    ],
  },
  { example: '+52 222 123 4567', zones: ['America/Mexico_City', 'America/Cancun', 'America/Tijuana'] },
  { example: '+55 11 96123 4567', zones: ['America/Sao_Paulo'] },
  { example: '+54 9 11 2345 6789', zones: ['America/Argentina/Buenos_Aires'] },
  { example: '+81 90 1234 5678', zones: ['Asia/Tokyo'] },
  { example: '+66 81 234 5678', zones: ['Asia/Bangkok'] },
  {
    example: '+61 412 345 678',
    zones: ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Perth', 'Australia/Adelaide'],
  },
  { example: '+64 21 123 4567', zones: ['Pacific/Auckland'] },
];

const EXAMPLE_BY_ZONE = new Map(COUNTRIES.flatMap(({ example, zones }) => zones.map((zone) => [zone, example])));

/** An example phone number of the country the company's zone is in, or undefined where none is known (UTC). */
export function phoneExample(timezone: string): string | undefined {
  return EXAMPLE_BY_ZONE.get(timezone);
}
