// A details dialog's Details and History tabs: an entry of its own, loaded only by the dialogs that show them.
import '@printpool/platform/rest-styles';
export { DetailsAndHistory } from './history/DetailsAndHistory.js';
