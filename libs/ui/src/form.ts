// Edit forms (validation, number fields, selects) for dialogs that pages load on demand.
import '@printpool/platform/rest-styles';
export { Alert, AutoComplete, Form, InputNumber, Radio, Select } from 'antd';
export { QUANTITY_MESSAGE, QUANTITY_PRECISION_MESSAGE, QUANTITY_RULES } from './quantityRules.js';
export { VersionConflictReview } from './VersionConflictReview.js';
