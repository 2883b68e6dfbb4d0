// Navbar controls for the help centre, the layout size (§9) and the dark theme (issue 7 §11); on a phone
// they and the language sit behind one button (issue 35 §10).
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import FormatSizeIcon from '@mui/icons-material/FormatSize';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { HELP_PATH } from '../features/help/routes';
import { LanguageSwitch } from './LanguageSwitch';
import { LAYOUT_SIZES } from './preferences';
import { layoutSizeChosen, themeModeChosen } from './layoutSlice';

export function HelpCentreButton() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('layout.help')}>
      <IconButton component={RouterLink} to={HELP_PATH} aria-label={t('layout.help')} data-testid="nav-help" color="inherit">
        <HelpOutlineIcon />
      </IconButton>
    </Tooltip>
  );
}

export function LayoutSizeMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.layout.size);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('layout.size.label')}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('layout.size.label')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? menuId : undefined}
          data-testid="nav-size"
        >
          <FormatSizeIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LAYOUT_SIZES.map((size) => (
          <MenuItem
            key={size}
            selected={size === current}
            role="menuitemradio"
            aria-checked={size === current}
            data-testid={`size-${size}`}
            onClick={() => {
              dispatch(layoutSizeChosen(size));
              setAnchor(null);
            }}
          >
            <ListItemIcon>{size === current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={t(`layout.size.${size}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function ThemeModeToggle() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dark = useAppSelector((state) => state.layout.themeMode === 'dark');
  const label = dark ? t('layout.theme.toLight') : t('layout.theme.toDark');
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        onClick={() => dispatch(themeModeChosen(dark ? 'light' : 'dark'))}
        aria-label={label}
        aria-pressed={dark}
        data-testid="nav-theme"
      >
        {dark ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}
      </IconButton>
    </Tooltip>
  );
}

/**
 * Mobile navbar (below §9's 992 px): help centre, size, theme and language, the same controls as on a wide
 * screen, in a popover behind one button, so the top bar fits a phone's width (issue 35 §10).
 */
export function MobileSettingsButton() {
  const { t } = useTranslation();
  const panelId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('layout.displaySettings')}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('layout.displaySettings')}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? panelId : undefined}
          data-testid="nav-settings"
        >
          <TuneIcon />
        </IconButton>
      </Tooltip>
      <Popover
        id={panelId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('layout.displaySettings') } }}
      >
        {/* A tap on the help link leaves the page: the panel closes with it. */}
        <Stack direction="row" spacing={0.5} sx={{ p: 1, alignItems: 'center' }} onClick={(event) => (event.target as HTMLElement).closest('a') && setAnchor(null)}>
          <HelpCentreButton />
          <LayoutSizeMenu />
          <ThemeModeToggle />
          <LanguageSwitch />
        </Stack>
      </Popover>
    </>
  );
}
