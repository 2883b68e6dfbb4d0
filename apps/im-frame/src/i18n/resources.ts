// User-facing texts of the frame. zh-CN is the default; en-US follows the spec's English paraphrases.

export const zhCN = {
  app: {
    title: '消息',
    missingParams: '无法打开聊天：缺少登录参数 {{names}}',
  },
  connection: {
    idle: '未连接',
    connecting: '正在连接…',
    connected: '已连接',
    reconnecting: '连接已断开，正在重连…',
    disconnected: '已断开连接',
    kicked: '你已下线：{{reason}}',
    failed: '连接失败：{{reason}}',
  },
  // im-client-spec §8: kick reason texts, default "unknown reason".
  kickReason: {
    samePlatform: '不允许同一个帐号在多个地方同时登录',
    serverKick: '被服务器踢了',
    otherPlatform: '被其他端踢了',
    silentlyKick: '静默踢',
    unknown: '未知原因',
  },
  sessions: {
    title: '会话',
    empty: '暂无会话',
    unread: '{{count}} 条未读',
    noMessages: '暂无消息',
  },
  conversation: {
    choose: '选择左侧的会话开始聊天',
    listLabel: '与 {{name}} 的消息',
    loadingHistory: '正在加载历史消息…',
    historyFailed: '无法从服务器加载历史消息，显示的是本地记录',
    empty: '还没有消息，发一条吧',
    sending: '发送中',
    failed: '发送失败',
    retry: '重发',
    retryLabel: '重发消息：{{text}}',
    you: '我',
  },
  composer: {
    label: '输入消息',
    hint: 'Enter 发送，Shift+Enter 换行',
    send: '发送',
    empty: '不能发送空白消息',
    tooLong: '消息不能超过 {{max}} 个字符',
    refused: '消息未发送：{{reason}}',
  },
  // Stand-ins for message types the frame does not render (im-client-spec §3 message types).
  messageType: {
    image: '[图片]',
    audio: '[语音]',
    video: '[视频]',
    file: '[文件]',
    geo: '[位置]',
    notification: '[通知]',
    custom: '[自定义消息]',
    other: '[消息]',
  },
  time: {
    today: 'HH:mm',
    yesterday: '昨天 HH:mm',
    thisYear: 'M月D日',
    older: 'YYYY年M月D日',
  },
};

export type FrameTexts = typeof zhCN;

export const enUS: FrameTexts = {
  app: {
    title: 'Messages',
    missingParams: 'Cannot open the chat: missing sign-in values {{names}}',
  },
  connection: {
    idle: 'Not connected',
    connecting: 'Connecting…',
    connected: 'Connected',
    reconnecting: 'Connection lost, reconnecting…',
    disconnected: 'Disconnected',
    kicked: 'You were signed out: {{reason}}',
    failed: 'Connection failed: {{reason}}',
  },
  kickReason: {
    samePlatform: 'the same account is not allowed to log in at several places at once',
    serverKick: 'kicked by the server',
    otherPlatform: 'kicked by another client',
    silentlyKick: 'silently kicked',
    unknown: 'unknown reason',
  },
  sessions: {
    title: 'Conversations',
    empty: 'No conversations yet',
    unread: '{{count}} unread',
    noMessages: 'No messages yet',
  },
  conversation: {
    choose: 'Choose a conversation on the left to start chatting',
    listLabel: 'Messages with {{name}}',
    loadingHistory: 'Loading message history…',
    historyFailed: 'Could not load history from the server; showing the local copy',
    empty: 'No messages yet; say hello',
    sending: 'Sending',
    failed: 'Not sent',
    retry: 'Retry',
    retryLabel: 'Resend message: {{text}}',
    you: 'Me',
  },
  composer: {
    label: 'Message',
    hint: 'Enter to send, Shift+Enter for a new line',
    send: 'Send',
    empty: 'An empty message cannot be sent',
    tooLong: 'A message can have at most {{max}} characters',
    refused: 'Message not sent: {{reason}}',
  },
  messageType: {
    image: '[Image]',
    audio: '[Voice message]',
    video: '[Video]',
    file: '[File]',
    geo: '[Location]',
    notification: '[Notification]',
    custom: '[Custom message]',
    other: '[Message]',
  },
  time: {
    today: 'HH:mm',
    yesterday: '[Yesterday] HH:mm',
    thisYear: 'MMM D',
    older: 'MMM D, YYYY',
  },
};
