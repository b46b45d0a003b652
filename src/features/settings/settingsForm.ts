import { WINDOW_MINUTES_MAX, type Company } from '../../domain/company';
import type { Language } from '../../domain/languages';
import type { CompanySettingsBody } from '../../domain/schemas/company';
import { translate } from '../../services/i18n/language';
import { RULES, ruleValue, type RuleKey } from './settingRules';

export interface SettingsForm {
  name: string;
  timezone: string;
  /** As typed: checked before saving. */
  beforeTime: string;
  afterTime: string;
  rules: Record<RuleKey, boolean>;
  /** What a new member speaks until they pick their own. */
  defaultLanguage: Language;
}

export function settingsForm(company: Company): SettingsForm {
  return {
    name: company.name,
    timezone: company.timezone,
    beforeTime: String(company.beforeTime),
    afterTime: String(company.afterTime),
    rules: Object.fromEntries(RULES.map(({ key }) => [key, ruleValue(company, key)])) as Record<RuleKey, boolean>,
    defaultLanguage: company.defaultLanguage,
  };
}

/** What is wrong with a window as typed, in the reader's language. */
export function windowError(minutes: string): string | undefined {
  const n = Number(minutes);
  if (minutes.trim() === '' || !Number.isInteger(n) || n < 0 || n > WINDOW_MINUTES_MAX) {
    // The bound as a string: English writes it 1440, not 1,440.
    return translate('Whole minutes from 0 to {max}', { max: String(WINDOW_MINUTES_MAX) });
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
  if (form.defaultLanguage !== company.defaultLanguage) changes.defaultLanguage = form.defaultLanguage;
  for (const { key } of RULES) {
    if (form.rules[key] !== ruleValue(company, key)) changes[key] = form.rules[key];
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}
