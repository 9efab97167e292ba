import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readHostConfig } from './host-config';

const page = (search: string, protocol = 'http:', host = '127.0.0.1:41234') => ({ protocol, host, search });

test('a studio page URL gives the WebSocket on the same host with the token', () => {
    const config = readHostConfig(page('?token=abc%2Fdef&model=models%2Frt.bgml'));
    assert.equal(config.webSocketUrl, 'ws://127.0.0.1:41234/bgml?token=abc%2Fdef');
    assert.equal(config.sourceUri, 'models/rt.bgml');
    assert.equal(config.clientId, 'bgml-diagram');
    assert.equal(config.viewpoint, 'interconnection');
    assert.equal(config.readonly, false);
    assert.equal(config.host, 'browser');
});

test('an https page connects with wss', () => {
    assert.equal(readHostConfig(page('?token=t&model=m.bgml', 'https:')).webSocketUrl, 'wss://127.0.0.1:41234/bgml?token=t');
});

test('an injected configuration wins over the query, and a file: page needs one', () => {
    const injected = { ws: 'ws://127.0.0.1:5000/bgml', token: 'secret', model: '/abs/m.bgml', viewpoint: 'metric', readonly: true };
    const config = readHostConfig(page('?model=other.bgml', 'file:', ''), injected);
    assert.equal(config.webSocketUrl, 'ws://127.0.0.1:5000/bgml?token=secret');
    assert.equal(config.sourceUri, '/abs/m.bgml');
    assert.equal(config.viewpoint, 'metric');
    assert.equal(config.readonly, true);
    assert.throws(() => readHostConfig(page('?model=m.bgml', 'file:', '')), /No diagram server/);
});

test('server=HOST:PORT points at another host than the page', () => {
    assert.equal(readHostConfig(page('?server=127.0.0.1:9&token=x&model=m')).webSocketUrl, 'ws://127.0.0.1:9/bgml?token=x');
});

test('a page without a model says what is missing', () => {
    assert.throws(() => readHostConfig(page('?token=x')), /No model given/);
});

test('an Eclipse editor says so; anything else is a browser page', () => {
    assert.equal(readHostConfig(page('?token=t&model=m'), { host: 'eclipse' }).host, 'eclipse');
    assert.equal(readHostConfig(page('?token=t&model=m&host=vim')).host, 'browser');
});
