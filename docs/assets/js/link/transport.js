// How two phones at one table pass text to each other: one small interface, two implementations.
//
// - WebRTC data channels, with no STUN or TURN server: phones on one Wi-Fi network or one
//   phone's hotspot reach each other through their host candidates. Every candidate is gathered
//   before a description is handed out (no trickle), because the description travels once, as a
//   code the other phone scans or pastes.
// - BroadcastChannel, for the protocol's tests: tabs of one origin (or one Node process) talk
//   through a named channel, each message addressed from one end to the other.
//
// Neither knows what the text means: the protocol (protocol.js) checks every message.

/**
 * One end of a link. `open()` resolves once text can be sent; listeners are called in order.
 * @typedef {Object} Transport
 * @property {() => Promise<void>} open
 * @property {(text: string) => void} send
 * @property {(listener: (text: string) => void) => void} onMessage
 * @property {(listener: (reason: string) => void) => void} onClose
 * @property {() => void} close
 */

/** The data channel's label and the one ICE configuration: host candidates only, no server. */
export const CHANNEL_LABEL = "table";
export const RTC_CONFIG = Object.freeze({ iceServers: [] });
/** How long gathering may take before the description is handed out with what it has. */
export const GATHER_TIMEOUT_MS = 5000;

/**
 * The listener lists and the open/closed promise every transport shares.
 * @returns {{transport: Omit<Transport, "send"|"close">, opened: () => void,
 *   message: (text: string) => void, closed: (reason: string) => void, isClosed: () => boolean}}
 */
function ends() {
  /** @type {Array<(text: string) => void>} */
  const messageListeners = [];
  /** @type {Array<(reason: string) => void>} */
  const closeListeners = [];
  let done = false;
  /** @type {() => void} */
  let resolveOpen = () => {};
  /** @type {(error: Error) => void} */
  let rejectOpen = () => {};
  /** @type {Promise<void>} */
  const openPromise = new Promise((resolve, reject) => { resolveOpen = () => resolve(); rejectOpen = reject; });
  openPromise.catch(() => {}); // a link closed before it opened is reported through onClose too
  return {
    transport: {
      open: () => openPromise,
      onMessage: (listener) => { messageListeners.push(listener); },
      onClose: (listener) => { closeListeners.push(listener); },
    },
    opened: () => resolveOpen(),
    message: (text) => { if (!done) for (const listener of messageListeners) listener(text); },
    closed: (reason) => {
      if (done) return;
      done = true;
      rejectOpen(new Error(reason));
      for (const listener of closeListeners) listener(reason);
    },
    isClosed: () => done,
  };
}

/**
 * Resolves once the connection has gathered every candidate it will (or after `timeoutMs`).
 * @param {RTCPeerConnection} pc
 * @param {number} timeoutMs
 * @returns {Promise<void>}
 */
export function gathered(pc, timeoutMs = GATHER_TIMEOUT_MS) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(finish, timeoutMs);
    function finish() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    }
    function check() { if (pc.iceGatheringState === "complete") finish(); }
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/**
 * A transport over a data channel that may not have arrived yet (the answering side gets it
 * from `datachannel`).
 * @param {RTCPeerConnection} pc
 * @param {Promise<RTCDataChannel>} channelPromise
 * @returns {Transport}
 */
function channelTransport(pc, channelPromise) {
  const shared = ends();
  /** @type {RTCDataChannel | null} */
  let channel = null;
  channelPromise.then((ready) => {
    channel = ready;
    ready.addEventListener("open", shared.opened);
    if (ready.readyState === "open") shared.opened();
    ready.addEventListener("message", (event) => {
      if (typeof event.data === "string") shared.message(event.data);
    });
    ready.addEventListener("close", () => shared.closed("channel closed"));
  });
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed" || pc.connectionState === "closed") {
      shared.closed("connection " + pc.connectionState);
    }
  });
  return {
    ...shared.transport,
    send(text) {
      if (!channel || channel.readyState !== "open") throw new Error("the link is not open");
      channel.send(text);
    },
    close() {
      shared.closed("closed here");
      channel?.close();
      pc.close();
    },
  };
}

/**
 * The hosting side: an offer with every candidate, and `accept(answer)` once the guest's
 * answer has been scanned.
 * @param {{RTCPeerConnection?: typeof RTCPeerConnection, timeoutMs?: number}} [options]
 * @returns {Promise<{sdp: string, transport: Transport, accept: (answerSdp: string) => Promise<void>}>}
 */
export async function rtcOffer(options = {}) {
  const Peer = options.RTCPeerConnection ?? globalThis.RTCPeerConnection;
  const pc = new Peer(RTC_CONFIG);
  const channel = pc.createDataChannel(CHANNEL_LABEL, { ordered: true });
  const transport = channelTransport(pc, Promise.resolve(channel));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc, options.timeoutMs);
  const sdp = pc.localDescription?.sdp ?? "";
  return {
    sdp,
    transport,
    accept: (answerSdp) => pc.setRemoteDescription({ type: "answer", sdp: answerSdp }),
  };
}

/**
 * The joining side: the answer (every candidate gathered) to a host's offer.
 * @param {string} offerSdp
 * @param {{RTCPeerConnection?: typeof RTCPeerConnection, timeoutMs?: number}} [options]
 * @returns {Promise<{sdp: string, transport: Transport}>}
 */
export async function rtcAnswer(offerSdp, options = {}) {
  const Peer = options.RTCPeerConnection ?? globalThis.RTCPeerConnection;
  const pc = new Peer(RTC_CONFIG);
  const channel = new Promise((resolve) => {
    pc.addEventListener("datachannel", (event) => resolve(event.channel), { once: true });
  });
  const transport = channelTransport(pc, /** @type {Promise<RTCDataChannel>} */ (channel));
  await pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc, options.timeoutMs);
  return { sdp: pc.localDescription?.sdp ?? "", transport };
}

/**
 * One end of an in-page link: `self` talks to `peer` over the BroadcastChannel `name`. Both
 * ends are open at once (a BroadcastChannel has no handshake); a `bye` from the peer closes it.
 * @param {string} name
 * @param {string} self
 * @param {string} peer
 * @returns {Transport}
 */
export function broadcastTransport(name, self, peer) {
  const shared = ends();
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event) => {
    const data = event.data;
    if (!data || data.to !== self || data.from !== peer) return;
    if (data.bye) {
      shared.closed("closed by the other end");
      channel.close();
    } else if (typeof data.text === "string") {
      shared.message(data.text);
    }
  };
  shared.opened();
  const close = () => {
    if (shared.isClosed()) return;
    channel.postMessage({ from: self, to: peer, bye: true });
    shared.closed("closed here");
    channel.close();
  };
  // a tab that reloads or closes says so, as a closed data channel does
  if (typeof window !== "undefined") window.addEventListener("pagehide", close, { once: true });
  return {
    ...shared.transport,
    send(text) {
      if (shared.isClosed()) throw new Error("the link is not open");
      channel.postMessage({ from: self, to: peer, text });
    },
    close,
  };
}
