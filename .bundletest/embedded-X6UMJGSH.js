import {
  startEmbedded
} from "./chunk-XLOUSHXY.js";
import "./chunk-PWVQO4SK.js";
import "./chunk-UTCD3AFF.js";
import "./chunk-VTVBDURB.js";
export {
  startEmbedded
};
