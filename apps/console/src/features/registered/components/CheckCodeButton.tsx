// The "send code" button lives in the form kit (resource-kit/fields/CheckCodeFormField): one countdown for every form.
export { CheckCodeButton, CHECK_CODE_RESEND_SECONDS, type CheckCodeButtonProps } from '../../../resource-kit/fields/CheckCodeFormField';
