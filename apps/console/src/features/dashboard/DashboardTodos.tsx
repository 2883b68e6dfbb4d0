// The dashboard's to-do list (issue 35 §6): what waits for the merchant, each item a link to the list that
// clears it, opened already filtered (todoLinks.ts). The counts come from the server in one call
// (queryStoreTodoCounts); while they load each item shows a skeleton, never a 0 that is not known yet.
import type { CSSProperties } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { DASHBOARD_TODO_KEYS, type DashboardTodoKey } from '@merchant/api-contracts';
import { isApiError } from '../../app/transport';
import { useStoreTodoCountsQuery } from './api';
import { todoAddress } from './todoLinks';

/** Read by screen readers, not shown: the separators that make the link's name a sentence. */
const HIDDEN_TEXT: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

function TodoItem({ todo, count }: { todo: DashboardTodoKey; count: number | undefined }) {
  const { t } = useTranslation();
  const label = t(`dashboard.todos.${todo}`);
  const known = count !== undefined;
  const waiting = known && count > 0;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box
        component={RouterLink}
        to={todoAddress(todo)}
        data-testid={`dashboard-todo-${todo}`}
        aria-busy={!known}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
          height: '100%',
          p: 2,
          borderRadius: 1,
          border: 1,
          borderColor: waiting ? 'warning.light' : 'divider',
          bgcolor: (theme) => (waiting ? alpha(theme.palette.warning.main, 0.06) : theme.palette.background.paper),
          color: 'text.primary',
          textDecoration: 'none',
          '&:hover': { borderColor: 'primary.main', bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {/* The link's name is its visible text ("Orders to ship: 4, Ship them"; 待发货订单：4，去发货), punctuated for screen readers by
            hidden separators: an aria-label that left out the visible action failed axe's label-in-name rule. */}
        <Typography variant="body2" color="text.secondary">
          {label}
          <span style={HIDDEN_TEXT}>{t('dashboard.todos.nameColon')}</span>
        </Typography>
        {known ? (
          <Typography variant="h5" component="span" color={waiting ? 'warning.dark' : 'text.secondary'} data-testid={`dashboard-todo-${todo}-count`}>
            {count}
          </Typography>
        ) : (
          <>
            <span style={HIDDEN_TEXT}>{t('dashboard.todos.countLoading')}</span>
            <Skeleton variant="text" width={48} sx={{ fontSize: '1.5rem' }} data-testid={`dashboard-todo-${todo}-loading`} />
          </>
        )}
        {/* primary.dark: primary on the waiting card's tinted background was below 4.5:1 for caption text. */}
        <Typography variant="caption" color="primary.dark">
          <span style={HIDDEN_TEXT}>{t('dashboard.todos.nameComma')}</span>
          {t(`dashboard.todos.action.${todo}`)} <span aria-hidden="true">→</span>
        </Typography>
      </Box>
    </Box>
  );
}

/** `allowed`: the user holds the call's code (dashboard:view); without it nothing is asked. */
export function DashboardTodos({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  // Read again each time the dashboard mounts; while it stays mounted, the lists' tags refresh it.
  const todos = useStoreTodoCountsQuery(undefined, { refetchOnMountOrArgChange: true, skip: !allowed });
  const failed = !todos.isFetching && (todos.error || (!todos.isLoading && !todos.data));
  return (
    <Paper component="section" aria-labelledby="dashboard-todos-heading" sx={{ p: 3 }}>
      <Typography id="dashboard-todos-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('dashboard.todos.heading')}
      </Typography>
      {!allowed ? (
        <Alert severity="info" data-testid="dashboard-todos-no-permission">
          {t('dashboard.noPermission')}
        </Alert>
      ) : failed ? (
        <Alert severity="error" data-testid="dashboard-todos-error" action={<Button color="inherit" size="small" onClick={() => void todos.refetch()}>{t('dashboard.retry')}</Button>}>
          {isApiError(todos.error) && todos.error.msg ? todos.error.msg : t('dashboard.loadFailed')}
        </Alert>
      ) : (
        <Box
          component="ul"
          data-testid="dashboard-todos"
          sx={{ m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(auto-fill, minmax(150px, 1fr))', md: 'repeat(5, minmax(0, 1fr))' } }}
        >
          {DASHBOARD_TODO_KEYS.map((todo) => (
            <TodoItem key={todo} todo={todo} count={todos.data?.[todo]} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
