import { msg } from './messageFormat';
// Types of the team and shift calls; the zod schemas are in ./schemas/team.
export type { AddGuideBody, GuideShiftRow, Member, SaveShiftGuidesBody, Shift, TimeRangeBody } from './schemas/team';

export const GUIDE_ADDED = msg('New guide successfully added');
// Spelt as spec §8 spells it: the text is the spec's, typo included.
export const GUIDE_DELETED = msg('Guide succesfully deleted');
