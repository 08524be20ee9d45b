// Form controls used by the remotes' pages (search boxes, switches): not needed by the dashboard.
export { Input, Switch } from 'antd';
