/** antd's static message API, loaded on demand by notice.ts and session-expiry.ts. */
export { message } from 'antd';
