// Form controls used by the remotes' pages (search boxes, switches, selectors): not needed by the dashboard.
export { Input, Select, Switch } from 'antd';
