// Constants and types only: the zod schemas are in ./schemas, so the app can use these without bundling zod.
export const TOUR_COLORS = ['default', 'blue', 'pink', 'green', 'brown', 'black', 'yellow'] as const;
export const TOUR_FLAGS = ['none', 'spain', 'uk', 'italy', 'france', 'portugal'] as const;
export type TourColor = (typeof TOUR_COLORS)[number];
export type TourFlag = (typeof TOUR_FLAGS)[number];

export const WALKIN_SOURCE = 'Walkin';

export type { Company, Source, Tour } from './schemas/company';
