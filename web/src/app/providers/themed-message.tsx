/**
 * antd's static message with the app's theme, locale and 1-second default
 * (docs/product.md#messages-and-timing): the notices of a shell whose page
 * has no antd App (the main shell's session gate and re-login notice on a
 * page built without antd). Loaded when the first notice shows.
 */
import { ConfigProvider, message } from 'antd';
import { AntdConfig, MESSAGE_DURATION_SECONDS } from './antd-provider';

ConfigProvider.config({ holderRender: (children) => <AntdConfig>{children}</AntdConfig> });
message.config({ duration: MESSAGE_DURATION_SECONDS });

export { message };
