// Texts of sending friend requests (issue 32, docs/im-frame.md "Friend requests the merchant sends"):
// the dialog, the profile card's state and the refusals by code. Merged into the frame's resources
// as `friendRequest` (i18n/resources.ts).

export const friendRequestZhCN = {
  open: '添加好友',
  addFor: '加为好友：{{name}}',
  add: '加为好友',
  title: '添加好友',
  titleFor: '将 {{name}} 加为好友',
  account: '客户账号',
  accountEmpty: '请输入账号',
  kind: '添加方式',
  kinds: { apply: '发送好友申请', add: '直接添加' },
  kindHints: { apply: '对方同意后成为好友', add: '立即成为好友，对方会收到通知' },
  ps: '附言（选填）',
  psCount: '{{count}}/{{max}}',
  psTooLong: '附言最多 {{max}} 个字',
  submit: { apply: '发送申请', add: '添加' },
  cancel: '取消',
  dismiss: '关闭提示',
  sending: '正在发送…',
  sent: '已向 {{name}} 发送好友申请，等待对方同意',
  added: '{{name}} 已成为你的好友',
  friends: '{{name}} 已是你的好友',
  declined: '{{name}} 拒绝了你的好友申请',
  error: {
    generic: '好友申请未能发送：{{reason}}',
    404: '该账号不存在',
    414: '请求无效，请检查账号（不能添加自己）',
    416: '操作太频繁，请稍后再试',
    417: '你们已经是好友了',
    7101: '对方已将你加入黑名单，无法添加好友',
  },
};

export type FriendRequestTexts = typeof friendRequestZhCN;

export const friendRequestEnUS: FriendRequestTexts = {
  open: 'Add friend',
  addFor: 'Add as friend: {{name}}',
  add: 'Add as friend',
  title: 'Add a friend',
  titleFor: 'Add {{name}} as a friend',
  account: 'Customer account',
  accountEmpty: 'Enter an account',
  kind: 'How',
  kinds: { apply: 'Send a friend request', add: 'Add directly' },
  kindHints: { apply: 'You become friends once the customer accepts', add: 'You become friends at once; the customer is told' },
  ps: 'Message (optional)',
  psCount: '{{count}}/{{max}}',
  psTooLong: 'The message can have at most {{max}} characters',
  submit: { apply: 'Send request', add: 'Add' },
  cancel: 'Cancel',
  dismiss: 'Dismiss',
  sending: 'Sending…',
  sent: 'Friend request sent to {{name}}. Waiting for them to accept.',
  added: '{{name}} is now your friend',
  friends: '{{name}} is your friend',
  declined: '{{name}} declined your friend request',
  error: {
    generic: 'The friend request was not sent: {{reason}}',
    404: 'This account does not exist',
    414: 'The request is not valid (check the account; you cannot add yourself)',
    416: 'Too many requests; try again in a moment',
    417: 'You are already friends',
    7101: 'This customer has blocked you, so the request cannot be sent',
  },
};
