// Edit forms (validation, number fields, selects) for dialogs that pages load on demand.
import '@printpool/platform/rest-styles';
export { Alert, AutoComplete, Checkbox, Form, InputNumber, Radio, Select } from 'antd';
export type { FormRule } from 'antd';
export { ruleFrom, ruleInForm, type ContractSchema } from './contractRules.js';
export { VersionConflictReview } from './VersionConflictReview.js';
export { VirtualRows, type VirtualRowsRef } from './VirtualRows.js';
export { ProgramRuleOverride } from './ProgramRuleOverride.js';
