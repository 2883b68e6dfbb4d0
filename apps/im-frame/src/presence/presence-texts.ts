// Texts of online status and broadcasts (issue 32 §7). Merged into the frame's resources under `presence`.
export const presenceZhCN = {
  online: '在线',
  offline: '离线',
  broadcast: '平台公告',
  broadcastCount: '平台公告（{{index}}/{{count}}）',
  dismiss: '关闭公告',
};

export type PresenceTexts = typeof presenceZhCN;

export const presenceEnUS: PresenceTexts = {
  online: 'online',
  offline: 'offline',
  broadcast: 'Announcement',
  broadcastCount: 'Announcement ({{index}} of {{count}})',
  dismiss: 'Dismiss announcement',
};
