// Texts of the message feature (the embedded chat frame and its notifications).
export const messageMessages = {
  'zh-CN': {
    message: {
      title: '消息',
      heading: '客户消息',
      frameTitle: '在线客服聊天窗口',
      newMessage: '您收到一条新消息',
      goToMessages: '前往消息',
      loadFailed: '聊天服务暂时不可用',
      retry: '重试',
      connecting: '正在连接聊天服务…',
      imInfo: {
        title: 'IM 信息',
        hint: '客户在聊天中看到的头像和昵称',
        avatar: '头像',
        nickname: '昵称',
        saved: 'IM 信息已保存',
        save: '保存',
      },
    },
  },
  'en-US': {
    message: {
      title: 'Messages',
      heading: 'Customer messages',
      frameTitle: 'Customer chat window',
      newMessage: 'you received a new message',
      goToMessages: 'go to messages',
      loadFailed: 'the chat service is unavailable',
      retry: 'Retry',
      connecting: 'Connecting to the chat service…',
      imInfo: {
        title: 'IM info',
        hint: 'The avatar and nickname customers see in the chat',
        avatar: 'Avatar',
        nickname: 'Nickname',
        saved: 'IM info saved',
        save: 'Save',
      },
    },
  },
};
