// Language switch (zh-CN / en-US); the choice persists through the i18n instance (app/i18n.ts).
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { SUPPORTED_LANGUAGES, isConsoleLanguage } from '../app/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isConsoleLanguage(i18n.language) ? i18n.language : SUPPORTED_LANGUAGES[0];
  return (
    <Select
      size="small"
      variant="standard"
      disableUnderline
      value={current}
      onChange={(event) => void i18n.changeLanguage(event.target.value)}
      inputProps={{ 'aria-label': t('layout.language'), 'data-testid': 'language-switch' }}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <MenuItem key={language} value={language} lang={language}>
          {t(`layout.languages.${language}`)}
        </MenuItem>
      ))}
    </Select>
  );
}
