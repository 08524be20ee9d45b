// Edit forms (validation, number fields, selects) for dialogs that pages load on demand.
export { Alert, AutoComplete, Form, InputNumber, Select } from 'antd';
