import { expect } from 'chai';
import { SerialPortMock } from 'serialport';
import { openSerial, serialConfig, SerialConfigError, SerialOpenError } from '../../../server/serial/serial-config.ts';
import { settle } from './mock-line.ts';

describe('serial settings of the shuffler line', () => {
  afterEach(() => SerialPortMock.binding.reset());

  // docs/serial-protocol.md
  it('defaults to 9600 baud 8N1', () => {
    expect(serialConfig({ path: '/dev/ttyUSB0' }, {})).to.deep.equal({ path: '/dev/ttyUSB0', baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 });
  });

  it('reads TQ_SERIAL and TQ_BAUD from the environment', () => {
    expect(serialConfig({}, { TQ_SERIAL: '/dev/ttyS1', TQ_BAUD: '19200' })).to.include({ path: '/dev/ttyS1', baudRate: 19200 });
  });

  it('prefers options to the environment', () => {
    expect(serialConfig({ path: '/dev/a', baudRate: 4800 }, { TQ_SERIAL: '/dev/b', TQ_BAUD: '19200' })).to.include({ path: '/dev/a', baudRate: 4800 });
  });

  it('refuses a missing path or a baud rate that is not a positive whole number', () => {
    expect(() => serialConfig({}, {})).to.throw(SerialConfigError, /TQ_SERIAL/);
    expect(() => serialConfig({}, { TQ_SERIAL: '/dev/x', TQ_BAUD: 'fast' })).to.throw(SerialConfigError, /baudRate/);
    expect(() => serialConfig({ path: '/dev/x', baudRate: -9600 }, {})).to.throw(SerialConfigError);
  });

  it('opens the mock binding when asked, creating the mock port', async () => {
    const port = await openSerial(serialConfig({ path: '/dev/ttyMOCK' }, {}), { mock: true });
    expect(port).to.be.instanceOf(SerialPortMock);
    expect(port.isOpen).to.equal(true);
    port.write('$TQ,STAT?*04\r\n');
    await settle();
    expect((port as SerialPortMock).port!.recording.toString()).to.equal('$TQ,STAT?*04\r\n');
    await new Promise((r) => port.close(r));
  });

  it('rejects with a clear error when the device does not exist', async () => {
    const error = await openSerial(serialConfig({ path: '/dev/tq-no-such-device' }, {})).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(SerialOpenError);
    expect((error as SerialOpenError).message).to.include('/dev/tq-no-such-device');
  });
});
