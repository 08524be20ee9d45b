// Form controls used by the remotes' pages (search boxes, switches, selectors): not needed by the dashboard.
import '@printpool/platform/rest-styles';
export { Input, Select, Switch } from 'antd';
