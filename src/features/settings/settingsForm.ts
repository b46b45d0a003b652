import { WINDOW_MINUTES_MAX, type Company } from '../../domain/company';
import type { CompanySettingsBody } from '../../domain/schemas/company';
import { RULES, ruleValue, type RuleKey } from './settingRules';

export interface SettingsForm {
  name: string;
  timezone: string;
  /** As typed: checked before saving. */
  beforeTime: string;
  afterTime: string;
  rules: Record<RuleKey, boolean>;
}

export function settingsForm(company: Company): SettingsForm {
  return {
    name: company.name,
    timezone: company.timezone,
    beforeTime: String(company.beforeTime),
    afterTime: String(company.afterTime),
    rules: Object.fromEntries(RULES.map(({ key }) => [key, ruleValue(company, key)])) as Record<RuleKey, boolean>,
  };
}

export function windowError(minutes: string): string | undefined {
  const n = Number(minutes);
  if (minutes.trim() === '' || !Number.isInteger(n) || n < 0 || n > WINDOW_MINUTES_MAX) {
    return `Whole minutes from 0 to ${WINDOW_MINUTES_MAX}`;
  }
  return undefined;
}

/** What the form changes, as the server takes it; undefined when nothing differs (Save stays disabled). */
export function settingsChanges(company: Company, form: SettingsForm): CompanySettingsBody | undefined {
  const changes: CompanySettingsBody = {};
  if (form.name.trim() !== company.name) changes.name = form.name.trim();
  if (form.timezone !== company.timezone) changes.timezone = form.timezone;
  if (Number(form.beforeTime) !== company.beforeTime) changes.beforeTime = Number(form.beforeTime);
  if (Number(form.afterTime) !== company.afterTime) changes.afterTime = Number(form.afterTime);
  for (const { key } of RULES) {
    if (form.rules[key] !== ruleValue(company, key)) changes[key] = form.rules[key];
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}
