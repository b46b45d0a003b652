// Types of the team and shift calls; the zod schemas are in ./schemas/team.
export type { AddGuideBody, GuideShiftRow, Member, SaveShiftGuidesBody, Shift, TimeRangeBody } from './schemas/team';

export const GUIDE_ADDED = 'New guide successfully added';
export const GUIDE_DELETED = 'Guide successfully deleted';
