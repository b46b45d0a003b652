import type { GridLocaleText } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import type { Language } from '../domain/languages';

// English is the grid's own; only the lazy grid pages import this, so Spanish costs nothing elsewhere.
const GRID_TEXTS: Record<Language, Partial<GridLocaleText>> = {
  en: {},
  es: esES.components.MuiDataGrid.defaultProps.localeText,
};

/** The DataGrid's own words (pagination, column menu, overlays) in the reader's language, with the page's empty text. */
export const gridLocaleText = (language: Language, noRowsLabel: string): Partial<GridLocaleText> => ({
  ...GRID_TEXTS[language],
  noRowsLabel,
});
