import { rangeErrors, type DayRange } from './dayRange';
import { DayField } from './DayField';

interface DayRangeFieldsProps {
  range: DayRange;
  onChange: (range: DayRange) => void;
}

/** From and To as d/M/yyyy fields, each with its error as it is typed. Needs DateLocalization above it. */
export function DayRangeFields({ range, onChange }: DayRangeFieldsProps) {
  const errors = rangeErrors(range);
  return (
    <>
      <DayField label="From" value={range.from} error={errors.from} onChange={(from) => onChange({ ...range, from })} />
      <DayField label="To" value={range.to} error={errors.to} onChange={(to) => onChange({ ...range, to })} />
    </>
  );
}
