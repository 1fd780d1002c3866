// The SMTP conversation in a worker thread (app/infra/mailer.server.ts starts it): under load the
// server's event loop is busy with requests, and each of a mail's SMTP round trips would wait its
// turn there; here they do not. Plain JavaScript beside the built server, so the build ships it as is.
// Messages in: { id, mail } (an OutgoingMail) or { type: 'close' }; out: { id, messageId } or
// { id, error: { message, responseCode, code } }.
import { parentPort, workerData } from 'node:worker_threads'
import nodemailer from 'nodemailer'

const transporter = nodemailer.createTransport(workerData.options)

parentPort.on('message', async (message) => {
  if (message.type === 'close') {
    transporter.close()
    parentPort.close()
    return
  }
  const { id, mail } = message
  try {
    // Buffers arrive as plain Uint8Arrays.
    const attachments = mail.attachments.map((a) => ({ ...a, content: Buffer.from(a.content) }))
    const info = await transporter.sendMail({ ...mail, attachments })
    parentPort.postMessage({ id, messageId: typeof info.messageId === 'string' ? info.messageId : mail.messageId })
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { message: error instanceof Error ? error.message : String(error), responseCode: error?.responseCode, code: error?.code },
    })
  }
})
