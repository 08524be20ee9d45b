// Edit forms (validation, number fields, selects) for dialogs that pages load on demand.
export { Alert, Form, InputNumber, Select } from 'antd';
