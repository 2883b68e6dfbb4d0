// Top bar, 70px (§2, §9): sidebar toggle, breadcrumb, help centre, message centre, size, theme,
// language, user menu. Below §9's 992 px (mobile) it fits a phone: no breadcrumb (the tabs bar names the
// page), and help, size, theme and language behind one button (MobileSettingsButton).
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { Breadcrumb } from './Breadcrumb';
import { LanguageSwitch } from './LanguageSwitch';
import { MessageCentreButton } from './MessageCentreButton';
import { UserMenu } from './UserMenu';
import { HelpCentreButton, LayoutSizeMenu, MobileSettingsButton, ThemeModeToggle } from './NavbarSettings';
import { mobileSidebarToggled, sidebarToggled } from './layoutSlice';
import { NAVBAR_HEIGHT } from './layoutConstants';

export function Navbar({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { sidebarOpened, mobileSidebarOpen } = useAppSelector((state) => state.layout);
  const expanded = mobile ? mobileSidebarOpen : sidebarOpened;
  return (
    <Box
      component="header"
      sx={{ height: NAVBAR_HEIGHT, display: 'flex', alignItems: 'center', px: 1, gap: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <IconButton
        onClick={() => dispatch(mobile ? mobileSidebarToggled() : sidebarToggled())}
        aria-label={t('layout.toggleSidebar')}
        aria-expanded={expanded}
        data-testid="sidebar-toggle"
      >
        {expanded ? <MenuOpenIcon /> : <MenuIcon />}
      </IconButton>
      {!mobile && <Breadcrumb />}
      <Stack direction="row" spacing={0.5} sx={{ ml: 'auto', alignItems: 'center', minWidth: 0 }}>
        {mobile ? (
          <>
            <MessageCentreButton />
            <MobileSettingsButton />
          </>
        ) : (
          <>
            <HelpCentreButton />
            <MessageCentreButton />
            <LayoutSizeMenu />
            <ThemeModeToggle />
            <LanguageSwitch />
          </>
        )}
        <UserMenu mobile={mobile} />
      </Stack>
    </Box>
  );
}
