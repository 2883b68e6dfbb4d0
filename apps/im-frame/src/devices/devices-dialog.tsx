// "Other devices" (issue 32 §8): a header button that says how many other devices the merchant's
// account is signed in on, and a dialog listing them (what, system, IP, since when) with a confirmed
// "sign out" for each (kick by connection id: the device is told and does not reconnect by itself).
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { DevicesPort, LoginDevice } from './devices-port';

/** Client type codes the view names (NIM's numbering; im-client-spec §9 fixes web = 16). */
const KNOWN_TYPES = new Set([1, 2, 4, 8, 16, 32, 64]);

export function deviceName(device: Pick<LoginDevice, 'clientType'>, t: TFunction): string {
  return KNOWN_TYPES.has(device.clientType) ? t(`devices.type.${device.clientType}`) : t('devices.type.unknown', { code: device.clientType });
}

function DeviceIcon({ clientType }: { clientType: number }) {
  const Icon = clientType === 1 ? PhoneAndroidOutlined : clientType === 2 ? PhoneIphoneOutlined : clientType === 16 ? LanguageOutlined : ComputerOutlined;
  return <Icon aria-hidden />;
}

/** The port's device list, read again whenever it may have changed. */
function useDevices(port: DevicesPort): LoginDevice[] {
  const [devices, setDevices] = useState<LoginDevice[]>([]);
  useEffect(() => {
    let alive = true;
    const read = () =>
      void port.list().then(
        (list) => alive && setDevices(list),
        () => undefined,
      );
    read();
    const off = port.onChange(read);
    return () => {
      alive = false;
      off();
    };
  }, [port]);
  return devices;
}

export function DevicesButton({ devices: port, connected }: { devices: DevicesPort | undefined; connected: boolean }) {
  if (!port) return null;
  return <DevicesControl port={port} connected={connected} />;
}

function DevicesControl({ port, connected }: { port: DevicesPort; connected: boolean }) {
  const { t } = useTranslation();
  const devices = useDevices(port);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<LoginDevice | undefined>();
  const [status, setStatus] = useState<{ kind: 'done' | 'failed'; text: string } | undefined>();
  const label = devices.length > 0 ? t('devices.openCount', { count: devices.length }) : t('devices.open');

  const signOut = async (device: LoginDevice) => {
    setConfirming(undefined);
    const name = deviceName(device, t);
    try {
      await port.signOut(device.connectionId);
      // Gone already (signed out meanwhile) counts as done: it is not signed in any more.
      setStatus({ kind: 'done', text: t('devices.signedOut', { device: name }) });
    } catch (error) {
      setStatus({ kind: 'failed', text: t('devices.failed', { reason: error instanceof Error ? error.message : String(error) }) });
    }
  };

  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} aria-haspopup="dialog" onClick={() => (setStatus(undefined), setOpen(true))} data-testid="devices-open">
          {/* No badge text at 0: axe counts even a hidden "0" as the button's visible text. */}
          <Badge badgeContent={devices.length > 0 ? devices.length : undefined} color="primary" slotProps={{ badge: { 'aria-hidden': true } }} data-testid="devices-count">
            <DevicesOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="devices-title" data-testid="devices-dialog" fullWidth maxWidth="xs">
        <DialogTitle id="devices-title">{t('devices.title')}</DialogTitle>
        <DialogContent>
          <Box role="status" aria-live="polite">
            {status && (
              <Alert severity={status.kind === 'done' ? 'success' : 'error'} sx={{ mb: 1 }} data-testid="devices-status">
                {status.text}
              </Alert>
            )}
          </Box>
          {!connected ? (
            <Typography color="text.secondary">{t('devices.notSignedIn')}</Typography>
          ) : devices.length === 0 ? (
            <Typography color="text.secondary" data-testid="devices-none">
              {t('devices.none')}
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('devices.explain')}
              </Typography>
              <List dense aria-labelledby="devices-title" data-testid="devices-list">
                {devices.map((device) => {
                  const name = deviceName(device, t);
                  const details = [device.os, device.loginTime ? t('devices.signedInAt', { time: dayjs(device.loginTime).format('YYYY-MM-DD HH:mm') }) : '', device.ip ? t('devices.ip', { ip: device.ip }) : '']
                    .filter(Boolean)
                    .join(' · ');
                  return (
                    <ListItem
                      key={device.connectionId}
                      data-testid={`device-${device.connectionId}`}
                      data-client-type={device.clientType}
                      disableGutters
                      sx={{ gap: 1 }}
                    >
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <DeviceIcon clientType={device.clientType} />
                      </ListItemIcon>
                      {/* os comes from the other client: React text only. */}
                      <ListItemText primary={name} secondary={details} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
                      <Button size="small" color="error" onClick={() => setConfirming(device)} aria-label={t('devices.signOutLabel', { device: name })} data-testid="device-sign-out" sx={{ flexShrink: 0 }}>
                        {t('devices.signOut')}
                      </Button>
                    </ListItem>
                  );
                })}
              </List>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} data-testid="devices-close">
            {t('devices.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={confirming !== undefined} onClose={() => setConfirming(undefined)} aria-labelledby="device-confirm-title" aria-describedby="device-confirm-text" data-testid="device-confirm">
        <DialogTitle id="device-confirm-title">{confirming && t('devices.confirmTitle', { device: deviceName(confirming, t) })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="device-confirm-text">{t('devices.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(undefined)} autoFocus data-testid="device-confirm-cancel">
            {t('devices.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => confirming && void signOut(confirming)} data-testid="device-confirm-ok">
            {t('devices.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
